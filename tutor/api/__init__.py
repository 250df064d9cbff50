"""The public JSON API (``/api/v1/``): thin django-ninja endpoints over the areas' selectors and services."""
