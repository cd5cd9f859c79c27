"""Browser tests: JupyterLab and the static HTML export in headless chromium (see conftest.py)."""
