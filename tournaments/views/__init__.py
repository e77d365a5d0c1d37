"""Server-rendered pages: public (read-only, no login) and staff (organisers, arbiters)."""
