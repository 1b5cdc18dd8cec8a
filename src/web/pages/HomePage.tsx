export function HomePage() {
  return <div>HomePage</div>;
}
