export default function Home() {
  return (
    <main>
      <h1>Orders exercise</h1>
      <p>Implement <code>app/api/orders/route.ts</code> and the <a href="/orders">orders page</a>.</p>
    </main>
  );
}
