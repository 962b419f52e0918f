"""Browser front end for Ingenious (PyScript). Pure modules import nothing from the browser."""
