"""Excel in and out (openpyxl): print-ready exports of every table, player imports with a
preview. ``labels`` holds the sheets' texts in both languages, ``styles`` the layout shared by
every sheet, ``exports`` one function per table, ``workbook`` whole workbooks, ``imports`` the
reading and checking of uploaded files (no writes: ``services/imports.py`` stores)."""
