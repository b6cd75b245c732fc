"""Games kept between visits: the session (a game's moves), browser storage, saved slots."""
