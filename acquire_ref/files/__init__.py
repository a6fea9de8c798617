"""The files: the game file as a value (:mod:`.record`), checked (:mod:`.inspection`), read,
locked and written (:mod:`.storage`, :mod:`.locking`), held open for changes
(:mod:`.session`, the one write path) and the seats' side file (:mod:`.seat_links`)."""
