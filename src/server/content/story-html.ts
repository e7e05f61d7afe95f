/** The pre-editor light markup of Story bodies (now read only to convert old bodies and revisions). */
export { sanitizeStory, storyHtml } from '../../lib/story-document/legacy-markup';
