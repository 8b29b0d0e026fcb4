// Placeholder until its issue lands.
export default function Placeholder() {
	return <main className="p-8">change-password</main>
}
