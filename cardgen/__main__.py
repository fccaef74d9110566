from cardgen.cli import app

app()
