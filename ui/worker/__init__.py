"""The AI worker: its entry module (run in a Web Worker) and the page's client of it."""
