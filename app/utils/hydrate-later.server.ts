import { Transform, type TransformCallback } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

import { MEDIA_LATER_ATTRIBUTE } from './hydrate-later'

// Public pages are complete without JavaScript (server-rendered, links and forms work), so their
// scripts can wait until the page has painted its largest image. On a phone over slow 4G every
// 100 KB of script fetched beside that image delays it by about half a second.
//
// React Router's <Scripts> writes `<link rel="modulepreload">` tags (which React moves into <head>)
// and one inline `<script type="module">` that imports the route modules and the client entry. For a
// public document this stream rewrite drops the preloads and turns that module into inert text; a
// small inline script starts it once the page's high-priority images have loaded (or right after the
// first paint when there are none), which is still before the `load` event.

const MODULEPRELOAD = /<link rel="modulepreload" href="[^"<>]*"(?: nonce="[^"<>]*")?\/>/g

/**
 * Starts the inert boot module once the page's largest paint has happened: the high-priority images
 * are in (or have failed), and the browser has reported the largest contentful paint of one of them
 * (a heading painted while the image decodes does not count). A frame rendered is not yet a paint on
 * screen, so scripts started from requestAnimationFrame alone could still compete with the image's
 * paint. Where the browser does not report largest paints (or reports none within half a second,
 * because something else on the page is larger), two frames after the images suffice.
 * Starting also releases the lazy images the shop layout held back (MEDIA_LATER_ATTRIBUTE, see
 * app/routes/shop/layout.tsx).
 */
export const START_SCRIPTS = [
	'(function(){',
	'var started=false;',
	'function start(){if(started)return;started=true;',
	`document.documentElement.removeAttribute('${MEDIA_LATER_ATTRIBUTE}');`,
	"var inert=document.querySelector('script[data-hydrate-later]');if(!inert)return;",
	"var s=document.createElement('script');s.type='module';s.nonce=inert.nonce;s.textContent=inert.textContent;document.body.appendChild(s)}",
	'function later(){setTimeout(start,0)}',
	'function afterFrames(){requestAnimationFrame(function(){requestAnimationFrame(later)})}',
	'function afterLargestPaint(since,urls){',
	"var types=(typeof PerformanceObserver!=='undefined'&&PerformanceObserver.supportedEntryTypes)||[];",
	"if(types.indexOf('largest-contentful-paint')<0)return afterFrames();",
	'var observer=new PerformanceObserver(function(list){var entries=list.getEntries();',
	'for(var i=0;i<entries.length;i++){var e=entries[i];',
	'if(e.startTime>=since&&(!urls.length||urls.indexOf(e.url)>=0)){observer.disconnect();return later()}}});',
	"observer.observe({type:'largest-contentful-paint',buffered:true});",
	'setTimeout(function(){observer.disconnect();afterFrames()},500)}',
	'function whenImagesIn(){',
	"var high=[].slice.call(document.querySelectorAll('img[fetchpriority=high]'));",
	'function urls(){return high.map(function(i){return i.currentSrc})}',
	'var pending=high.filter(function(i){return !i.complete});',
	'var left=pending.length;if(!left)return afterLargestPaint(0,urls());',
	"pending.forEach(function(i){function done(){if(--left===0)afterLargestPaint(performance.now(),urls())}i.addEventListener('load',done,{once:true});i.addEventListener('error',done,{once:true})});",
	"addEventListener('load',function(){afterLargestPaint(performance.now(),urls())},{once:true})}",
	"if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',whenImagesIn,{once:true});else whenImagesIn()",
	'})()',
].join('')

/**
 * Rewrites a streamed public document so its scripts load after its first paint (see above).
 * `nonce` is the document's CSP nonce: only the boot script React Router wrote with it is touched. A
 * document without one (a shareable page, whose CSP names its scripts' hashes) has the boot script
 * without one.
 */
export function hydrateLater(nonce?: string) {
	const attribute = nonce === undefined ? '' : ` nonce="${nonce}"`
	const bootTag = `<script${attribute} type="module" async="">`
	const inertTag = `<script${attribute}>${START_SCRIPTS}</script><script${attribute} type="text/plain" data-hydrate-later="">`
	const decoder = new StringDecoder('utf8')
	let carry = ''
	let rewroteBoot = false
	const rewrite = (html: string) => {
		let out = html.replace(MODULEPRELOAD, '')
		if (!rewroteBoot && out.includes(bootTag)) {
			out = out.replace(bootTag, inertTag)
			rewroteBoot = true
		}
		return out
	}
	return new Transform({
		transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
			// The decoder holds back a multi-byte character cut in two by the stream.
			let text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk))
			carry = ''
			// A tag cut in two waits for the rest of it (a raw `<` only ever starts markup: React escapes
			// it everywhere else).
			const open = text.lastIndexOf('<')
			if (open !== -1 && text.indexOf('>', open) === -1 && text.length - open < 4096) {
				carry = text.slice(open)
				text = text.slice(0, open)
			}
			callback(null, rewrite(text))
		},
		flush(callback: TransformCallback) {
			const rest = carry + decoder.end()
			callback(null, rest ? rewrite(rest) : undefined)
		},
	})
}
