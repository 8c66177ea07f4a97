"""Tests of rankviz.widgets: one file per widget module, plus the registry-wide tests."""
