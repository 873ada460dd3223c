"""Extract tables from PDFs."""
