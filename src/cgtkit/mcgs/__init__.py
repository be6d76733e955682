"""MCGS interoperability: its .test format read and written, and its cases run by cgtkit."""
