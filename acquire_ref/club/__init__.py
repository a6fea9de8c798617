"""A club's books (T6): members by name, ratings, paper plays, the GM's report and the play log."""
