"""Selectors: the queries pages, the API and exports read through. They load what a page needs
in a constant number of queries and compute in memory."""
