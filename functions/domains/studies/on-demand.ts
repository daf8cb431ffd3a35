/** What a route group loads when an exam first asks about the studies that link it (D478): loading provides them. */
import './exam-links.js';
