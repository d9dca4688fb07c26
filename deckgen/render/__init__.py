"""Rendering: card SVGs (svg), print sheets (sheets), card images (png), sizes (geometry), fonts."""
