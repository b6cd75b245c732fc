# Narrow stub of Pyodide (browser only): see ffi.pyi.
