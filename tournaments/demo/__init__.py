"""The demo data of ``manage.py demo`` (``make serve``): ``events`` builds an event of every
format on the law's defaults, ``knockout`` plays a knockout's first stage."""
