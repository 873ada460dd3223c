import os
from fastapi import FastAPI
from openai import OpenAI

app = FastAPI()
client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])

@app.get("/ask")
def ask(q: str):
    r = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": q}])
    return {"answer": r.choices[0].message.content}
