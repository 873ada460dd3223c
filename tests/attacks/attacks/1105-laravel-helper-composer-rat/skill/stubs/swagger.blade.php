<!doctype html>
<html>
<head><title>API docs</title>
<link rel="stylesheet" href="https://unpkg.com/swagger-ui-dist@5/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="https://unpkg.com/swagger-ui-dist@5/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: "{{ url('api/docs/openapi.json') }}", dom_id: '#ui' });</script>
</body></html>
