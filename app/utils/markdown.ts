import MarkdownIt, { type Token } from 'markdown-it'

// Blog posts are Markdown. Raw HTML is escaped (html: false), links are checked by markdown-it's
// validateLink (no javascript:/vbscript:/data: except images), and every link opens safely.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false })

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))

/**
 * A link that leaves the shop: any scheme (`https:evil.example` too, which browsers read as
 * https://evil.example) or a protocol-relative `//host`. (markdown-it writes a backslash as %5C.)
 */
function leavesTheShop(href: string) {
	return /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')
}

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
	const token = tokens[idx]!
	const href = token.attrGet('href') ?? ''
	if (leavesTheShop(href)) {
		token.attrSet('target', '_blank')
		token.attrSet('rel', 'noopener noreferrer')
	} else {
		token.attrSet('rel', 'noopener')
	}
	return defaultLinkOpen(tokens, idx, options, env, self)
}

/** Safe HTML for a post's Markdown content. */
export function renderMarkdown(source: string): string {
	return md.render(source)
}

/**
 * Plain text of Markdown (for excerpts, descriptions and read time): the words a reader of the rendered
 * post sees, read from markdown-it's tokens (so "hand-woven" and link texts stay whole, and the cost is
 * the parser's: linear). Images and code blocks are left out; blocks are separated by a space.
 */
export function markdownToText(source: string): string {
	return textOf(md.parse(source, {}))
}

/** The HTML and the plain text of a post, parsing it once (its page shows both). */
export function renderMarkdownAndText(source: string): { html: string; text: string } {
	const env = {}
	const tokens = md.parse(source, env)
	return { html: md.renderer.render(tokens, md.options, env), text: textOf(tokens) }
}

function textOf(tokens: Token[]) {
	const parts: string[] = []
	const inline = (tokens: Token[]) => {
		for (const token of tokens) {
			if (token.type === 'text' || token.type === 'code_inline') parts.push(token.content)
			else if (token.type === 'softbreak' || token.type === 'hardbreak') parts.push(' ')
		}
	}
	for (const token of tokens) {
		if (token.type === 'inline') inline(token.children ?? [])
		else parts.push(' ')
	}
	return parts.join('').replace(/\s+/g, ' ').trim()
}

/** Minutes to read `text` (from markdownToText) at 200 words a minute, at least 1. */
export function readTimeMinutes(text: string): number {
	const words = text.split(' ').filter(Boolean).length
	return Math.max(1, Math.round(words / 200))
}
