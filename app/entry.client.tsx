import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// React Router's default client entry, with one change: the browser gets a turn between evaluating
// the modules and starting to hydrate, so a slow phone does not run both as one long task (input
// stays responsive, and Total Blocking Time counts two short tasks instead of one long one).
// Hydration itself runs in a transition, which React splits into short slices.
setTimeout(() => {
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<HydratedRouter />
			</StrictMode>,
		)
	})
}, 0)
