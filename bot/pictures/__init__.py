"""Pictures drawn with Pillow."""
