"""Services: the only code that writes. Typed functions named ``<entity>_<action>`` with
keyword-only arguments, each under one transaction; they check the actor's rights, call the
engines and persist the result. Views, serializers and tasks call them."""
