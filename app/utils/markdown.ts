import MarkdownIt from 'markdown-it'

// Blog posts are Markdown. Raw HTML is escaped (html: false), links are checked by markdown-it's
// validateLink (no javascript:/vbscript:/data: except images), and every link opens safely.
const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false })

const defaultLinkOpen =
	md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
	const token = tokens[idx]!
	const href = token.attrGet('href') ?? ''
	if (/^https?:\/\//i.test(href)) {
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

/** Plain text of Markdown (for excerpts, descriptions and read time). */
export function markdownToText(source: string): string {
	return source
		.replace(/```[\s\S]*?```/g, ' ')
		.replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[#>*_`~|-]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
}

/** Minutes to read at 200 words a minute, at least 1. */
export function readTimeMinutes(source: string): number {
	const words = markdownToText(source).split(' ').filter(Boolean).length
	return Math.max(1, Math.round(words / 200))
}
