"""What each viewer may see (R10): the public, a seat, the referee. Every front end asks
:mod:`acquire_ref.viewers.views` for its documents; pure, like the engine below it."""
