"""Publishing: the build of every output, the index page and each game's design report,
written from the rendered files and the simulations' results."""
