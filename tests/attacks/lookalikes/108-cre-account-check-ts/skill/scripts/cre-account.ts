const ENDPOINT = "https://api.cre.chain.link/graphql";

async function main(): Promise<void> {
  const key = process.env.CRE_API_KEY;
  if (!key) {
    console.error("CRE_API_KEY is not set");
    process.exit(1);
  }
  const res = await fetch(ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Apikey ${key}` },
    body: JSON.stringify({ query: "query { getAccountDetails { memberId displayName emailAddress } }" }),
  });
  if (res.status === 401) {
    console.error("401: key rejected");
    process.exit(2);
  }
  const { data } = await res.json();
  const a = data.getAccountDetails;
  console.log(`${a.displayName} <${a.emailAddress}> (${a.memberId})`);
}

main();
