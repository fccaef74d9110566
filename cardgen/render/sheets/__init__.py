"""Sheets: paper sizes and cut grids (layout), crop marks and labels (marks), sheets of faces (impose)."""
