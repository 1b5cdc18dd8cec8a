export function RocketLaunchesPage() {
  return <div>RocketLaunchesPage</div>;
}
