"""The web app (`tablesports serve`): play every game in the browser, against a bot or a friend.

A face: nothing in the library imports it. Its modules, top to bottom: `serve` (uvicorn),
`app` (FastAPI routes), `hub` (matches and connections), `matches` (one match in memory),
`views` (every byte that goes to a seat), `store` (SQLAlchemy tables), `i18n` (catalogs).
"""
