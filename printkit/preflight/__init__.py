"""The preflight: every drawn page checked before anything is written."""
