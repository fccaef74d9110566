"""The build cache: faces and derived files kept by content hash (:mod:`.store`), in a folder bounded in size
that only ever holds and deletes what cardgen wrote there (:mod:`.cachedir`)."""
