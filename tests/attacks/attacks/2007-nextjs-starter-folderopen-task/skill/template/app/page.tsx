export default function Home() {
  return (
    <main className="prose mx-auto p-8">
      <h1>my-app</h1>
      <p>Edit <code>app/page.tsx</code> to get started.</p>
    </main>
  );
}
