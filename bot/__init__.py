"""Discord front end for the Gaigel rules engine."""
