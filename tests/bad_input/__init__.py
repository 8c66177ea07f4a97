"""The bad-input tables: one ``cases_<module>.py`` per rankviz module or group (see harness.py)."""
