import type { OrderStatus } from '~/constants'

// Orders the seller agreed on WhatsApp and recorded, in every status. Items name demo sarees by code;
// their name and price are copied from the saree at seed time, as the order form snapshots them.

export type DemoOrder = {
	customer: string
	phone: string
	email: string
	address: string
	status: OrderStatus
	daysAgo: number
	/** Hours after the order was placed that it was last changed (status moves, notes). */
	updatedHoursLater: number
	notes: string
	items: Array<{ code: string; quantity: number }>
}

export const DEMO_ORDERS: DemoOrder[] = [
	{
		customer: 'Ananya Reddy',
		phone: '+91 98480 12345',
		email: 'ananya.reddy@example.com',
		address: 'Flat 302, Sai Residency, Road No. 12, Banjara Hills, Hyderabad, Telangana 500034',
		status: 'pending',
		daysAgo: 0,
		updatedHoursLater: 0,
		notes: 'Asked for a video of the pallu before paying.',
		items: [{ code: 'KPI-101', quantity: 1 }],
	},
	{
		customer: 'Meenakshi Iyer',
		phone: '+91 94440 56781',
		email: '',
		address: '22/7 Luz Church Road, Mylapore, Chennai, Tamil Nadu 600004',
		status: 'pending',
		daysAgo: 1,
		updatedHoursLater: 3,
		notes: 'Wants two sarees for her daughters; waiting for colour confirmation.',
		items: [
			{ code: 'PI-303', quantity: 1 },
			{ code: 'PI-304', quantity: 1 },
		],
	},
	{
		customer: 'Kavya Sharma',
		phone: '+91 99860 23456',
		email: 'kavya.sharma@example.com',
		address: '14, 3rd Cross, Jayanagar 4th Block, Bengaluru, Karnataka 560011',
		status: 'confirmed',
		daysAgo: 3,
		updatedHoursLater: 20,
		notes: 'Paid by UPI. Gift wrap please: it is for her mother’s 60th birthday.',
		items: [{ code: 'DPI-202', quantity: 1 }],
	},
	{
		customer: 'Sunitha Rao',
		phone: '+91 90000 34567',
		email: '',
		address: 'House 9-1-123, Kothapet, Vijayawada, Andhra Pradesh 520001',
		status: 'confirmed',
		daysAgo: 5,
		updatedHoursLater: 30,
		notes: 'Blouse to be stitched: measurements received on WhatsApp.',
		items: [
			{ code: 'PI-301', quantity: 2 },
			{ code: 'DPI-201', quantity: 1 },
		],
	},
	{
		customer: 'Priya Menon',
		phone: '+91 98950 45678',
		email: 'priya.menon@example.com',
		address: 'B-504, Lodha Amara, Kolshet Road, Thane West, Maharashtra 400607',
		status: 'shipped',
		daysAgo: 8,
		updatedHoursLater: 52,
		notes: 'Shipped by India Post Speed Post, tracking EK123456789IN.',
		items: [{ code: 'KPI-102', quantity: 1 }],
	},
	{
		customer: 'Deepika Nair',
		phone: '+91 97450 56789',
		email: 'deepika.nair@example.com',
		address: 'C-12, Sector 21, Noida, Uttar Pradesh 201301',
		status: 'delivered',
		daysAgo: 15,
		updatedHoursLater: 140,
		notes: 'Delivered. Sent a lovely photo from the wedding.',
		items: [
			{ code: 'KPI-103', quantity: 1 },
			{ code: 'PI-302', quantity: 1 },
			{ code: 'PI-303', quantity: 1 },
		],
	},
	{
		customer: 'Rukmini Das',
		phone: '+91 98310 67890',
		email: '',
		address: '12 Gariahat Road, Ballygunge, Kolkata, West Bengal 700019',
		status: 'delivered',
		daysAgo: 22,
		updatedHoursLater: 160,
		notes: '',
		items: [{ code: 'DPI-204', quantity: 1 }],
	},
	{
		customer: 'Harini Krishnan',
		phone: '+91 98400 78901',
		email: 'harini.k@example.com',
		address: 'Plot 45, Ayyappa Society, Madhapur, Hyderabad, Telangana 500081',
		status: 'cancelled',
		daysAgo: 11,
		updatedHoursLater: 6,
		notes: 'Cancelled by the customer: chose a different colour at a local store.',
		items: [{ code: 'DPI-203', quantity: 1 }],
	},
]
