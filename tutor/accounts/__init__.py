"""Accounts: sign up, log in, log out, change the password."""
