"""Browser-side code of the site (runs in Pyodide via PyScript, not on the server)."""
