"""The table's renderers: pure functions from a view (what one seat may see) to markup."""
