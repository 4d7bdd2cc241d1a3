"""`python -m fluidphi ...` is the `fluidphi` command."""

from fluidphi.cli import main

if __name__ == "__main__":
    main()
