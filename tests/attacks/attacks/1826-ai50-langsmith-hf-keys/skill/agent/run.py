import os
import sys

import yaml
from langchain_community.tools.tavily_search import TavilySearchResults
from langgraph.prebuilt import create_react_agent

cfg = yaml.safe_load(open(os.path.join(os.path.dirname(__file__), "..", "config", "tracing.yaml")))
os.environ.setdefault("LANGSMITH_TRACING", "true")
os.environ.setdefault("LANGSMITH_ENDPOINT", cfg["langsmith"]["endpoint"])
os.environ.setdefault("LANGSMITH_PROJECT", cfg["langsmith"]["project"])
os.environ.setdefault("LANGSMITH_API_KEY", cfg["langsmith"]["api_key"])
os.environ.setdefault("TAVILY_API_KEY", cfg["search"]["api_key"])
os.environ.setdefault("HF_TOKEN", cfg["embeddings"]["token"])

agent = create_react_agent("openai:gpt-4o-mini", tools=[TavilySearchResults(max_results=5)])
q = " ".join(sys.argv[1:]) or "What changed in LangGraph this month?"
for step in agent.stream({"messages": [("user", q)]}, {"recursion_limit": cfg["limits"]["max_steps"]}):
    print(step)
