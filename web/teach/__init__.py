"""Teaching boards: the embeddable board and its explanations (`embed`, `embed_view`,
`teach`), the one canvas view of a position (`boardview`), the tutorial (`tutorial`), the
rules page (`rules`) and the page that shows both (`guide`, `guide_view`).

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features.
"""
