export default function App() {
  return <main><h1>Token Dashboard</h1>{/* TODO: useBalance */}</main>;
}
