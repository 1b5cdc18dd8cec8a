// Markdown from the server (announcements, AI answers) rendered safely: raw HTML is
// never parsed (react-markdown's default), rehype-sanitize drops unsafe URLs such as
// javascript: and data:, and every link opens in a new tab without an opener.
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { cn } from '../lib/utils';

const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('markdown', className)}>
      <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}

export default Markdown;
