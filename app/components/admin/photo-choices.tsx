import type { ReactNode } from 'react'

import { Card } from '~/components/admin/card'

export type PhotoChoice = { value: string; src: string; width?: number; height?: number; label: string; checked: boolean }

/** Photos to tick for a new saree (a duplicate's photos, photos shared from the phone), as checkboxes named `name`. */
export function PhotoChoices({ title, intro, name, photos }: { title: ReactNode; intro: ReactNode; name: string; photos: PhotoChoice[] }) {
	return (
		<Card title={title}>
			<p className="mb-3 text-sm text-stone-700">{intro}</p>
			<ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
				{photos.map((photo) => (
					<li key={photo.value}>
						<label className="flex min-h-11 cursor-pointer flex-col gap-2 rounded-md border border-stone-200 p-2 has-[:checked]:border-maroon-700 has-[:checked]:bg-maroon-50">
							<img src={photo.src} alt="" width={photo.width} height={photo.height} className="aspect-[3/4] w-full rounded object-cover" />
							<span className="flex items-center gap-2 text-sm">
								<input
									type="checkbox"
									name={name}
									value={photo.value}
									defaultChecked={photo.checked}
									className="size-5 accent-maroon-700"
								/>
								{photo.label}
							</span>
						</label>
					</li>
				))}
			</ul>
		</Card>
	)
}
