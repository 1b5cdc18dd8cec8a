// Markdown from the server (announcements, AI answers) rendered safely: raw HTML is
// never parsed (react-markdown's default), rehype-sanitize drops unsafe URLs such as
// javascript: and data:, and every link opens in a new tab without an opener.
// An AI answer (`answer`) is stricter, because its text can carry feed text: no
// image is rendered (a tracking pixel would load with the answer), and only
// absolute http(s) links are links, marked as external (nofollow, an icon and a
// screen-reader cue); anything else shows as its text.
import { ExternalLink } from 'lucide-react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { cn } from '../lib/utils';

const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

const isWebLink = (href: string | undefined) => href !== undefined && /^https?:\/\//i.test(href);

const answerComponents: Components = {
  a: ({ node: _node, href, children }) =>
    isWebLink(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
        <ExternalLink className="ml-0.5 inline h-3 w-3 align-baseline" aria-hidden="true" />
        <span className="sr-only"> (external link, opens in a new tab)</span>
      </a>
    ) : (
      <span>{children}</span>
    ),
};

export function Markdown({
  children,
  className,
  answer = false,
}: {
  children: string;
  className?: string;
  /** An AI answer: no images, only external http(s) links. */
  answer?: boolean;
}) {
  return (
    <div className={cn('markdown', className)}>
      <ReactMarkdown
        rehypePlugins={[rehypeSanitize]}
        components={answer ? answerComponents : components}
        disallowedElements={answer ? ['img'] : undefined}
        skipHtml
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

export default Markdown;
