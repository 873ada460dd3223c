import sys, yaml
from jinja2 import Environment, FileSystemLoader, select_autoescape

env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape())
data = yaml.safe_load(open(sys.argv[1]))
print(env.get_template("status_page.html.j2").render(**data))
