"""Table extraction from text PDFs (pdfplumber based)."""
__version__ = "0.8.2"
