"""What both sweeps use, Rail Journey's and the one every game gets: the grid of points, reading a spec file, heat maps over
two axes, and the Dask cluster."""
